import { CHUNK_BUDGET_BYTES } from './chunk-budget.js';

/**
 * Each large library in its own chunk, so a page loads what it uses and a new release of our
 * code leaves the libraries cached: React and the router (every page), AG Grid (every grid page),
 * HyperFormula (grids whose formulas are more than sums, split below the budget), exceljs (an
 * export) and pdf.js (a print preview) on demand.
 * The grid bench page (bench/grid-page) chunks the same way as the app.
 */
export const VENDOR_CHUNKS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'ag-grid', test: /node_modules[\\/]ag-grid-community[\\/]/ },
  // maxSize counts source bytes before minification: 900 kB of HyperFormula's source makes
  // chunks of at most about 400 kB minified.
  { name: 'hyperformula', test: /node_modules[\\/]hyperformula[\\/]/, maxSize: (CHUNK_BUDGET_BYTES * 9) / 5 },
  { name: 'exceljs', test: /node_modules[\\/]exceljs[\\/]/ },
  { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/ },
];
