// Prints every budget as a figure and a ratio; exits non-zero when one is over.
import { measureDashboard } from './dashboard-calls.mjs';
import { measureDemoFirstStart } from './demo-first-start.mjs';
import { measureImport } from './import-card-transactions.mjs';
import { measureLineTransactions } from './line-transactions.mjs';
import { measureLoginJavaScript } from './login-javascript.mjs';
import { measureReportPdf } from './report-pdf.mjs';
import { measureRequestCost } from './request-cost.mjs';
import { measureStartup } from './startup-to-ready.mjs';

const results = [
  await measureLoginJavaScript(),
  await measureStartup(),
  await measureDemoFirstStart(),
  await measureDashboard(),
  await measureRequestCost(),
  await measureReportPdf(),
  await measureLineTransactions(),
  await measureImport(),
];
process.exit(results.every(Boolean) ? 0 : 1);
