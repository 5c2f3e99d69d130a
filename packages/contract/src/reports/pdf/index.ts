// A separate entry point ('@brade/contract/report-pdf') so that jsPDF is only loaded by code that asks for it.
export { PDF_MARGIN, renderReportPdf } from './render-report-pdf.js';
