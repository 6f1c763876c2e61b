/**
 * Shows a PDF in the page with pdfjs-dist: every page drawn to its own canvas at the screen's
 * pixel density, fitted to `width` CSS pixels. Used for the voucher print preview and for PDF
 * attachments. The document is destroyed when the data changes or the viewer closes.
 */
import { useEffect, useRef, useState } from 'react';
import { loadPdfJs } from './pdfjs.js';

interface Props {
  /** The PDF's bytes (the viewer takes a copy: pdfjs transfers its buffer to the worker). */
  data: Uint8Array;
  /** Width of a page on screen, in CSS pixels. */
  width?: number;
  /** Called once every page is drawn, with the page count. */
  onRendered?: (pages: number) => void;
}

export function PdfViewer({ data, width = 760, onRendered }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const rendered = useRef(onRendered);
  useEffect(() => {
    rendered.current = onRendered;
  });

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | null = null;
    const container = host.current;
    if (!container) return;
    container.replaceChildren();
    setState('loading');
    void (async () => {
      try {
        const pdfjs = await loadPdfJs();
        const task = pdfjs.getDocument({ data: data.slice() });
        destroy = () => task.destroy();
        const doc = await task.promise;
        const ratio = window.devicePixelRatio || 1;
        for (let n = 1; n <= doc.numPages && !cancelled; n++) {
          const page = await doc.getPage(n);
          const base = page.getViewport({ scale: 1 });
          const viewport = page.getViewport({ scale: (width / base.width) * ratio });
          const canvas = document.createElement('canvas');
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
          canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
          canvas.className = 'pdf-page';
          canvas.dataset.page = String(n);
          canvas.setAttribute('aria-label', `第${n}页`);
          container.appendChild(canvas);
          await page.render({ canvas, viewport }).promise;
          canvas.dataset.rendered = 'true';
        }
        if (!cancelled) {
          setState('ready');
          rendered.current?.(doc.numPages);
        }
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [data, width]);

  return (
    <div className="pdf-viewer" data-state={state}>
      {state === 'loading' && <p className="muted">正在生成预览…</p>}
      {state === 'failed' && <p role="alert">PDF 预览失败，请下载后查看。</p>}
      <div ref={host} className="pdf-pages" />
    </div>
  );
}
