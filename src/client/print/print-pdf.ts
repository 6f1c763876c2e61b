/** Hands a PDF to the browser's print dialog through a hidden frame (the frame goes after a minute). */
export function printPdf(pdf: Uint8Array): void {
  const url = URL.createObjectURL(new Blob([pdf.slice()], { type: 'application/pdf' }));
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.src = url;
  frame.onload = () => frame.contentWindow?.print();
  document.body.appendChild(frame);
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, 60_000);
}
