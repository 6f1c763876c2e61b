/**
 * Content-Disposition for a download named by the user: an ASCII fallback `filename` for old
 * clients and the exact name as RFC 5987 / RFC 6266 `filename*=UTF-8''…` (percent-encoded
 * UTF-8, where encodeURIComponent's unescaped ' ( ) * are escaped too, as attr-char requires).
 */
export function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const dot = name.lastIndexOf('.');
  const ext = dot >= 0 ? name.slice(dot).replace(/[^\w.]/g, '') : '';
  const base = (dot >= 0 ? name.slice(0, dot) : name).replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `${type}; filename="${base}${ext}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
