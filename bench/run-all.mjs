// Prints every budget as a figure and a ratio; exits non-zero when one is over.
import { measureAssistant } from './assistant.mjs';
import { measureDashboard } from './dashboard-calls.mjs';
import { measureDemoFirstStart } from './demo-first-start.mjs';
import { measureImport } from './import-card-transactions.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { measureLineTransactions } from './line-transactions.mjs';
import { measureLoad } from './load.mjs';
import { measureLoginJavaScript } from './login-javascript.mjs';
import { measureReportPdf } from './report-pdf.mjs';
import { measureRequestCost } from './request-cost.mjs';
import { measureStartup } from './startup-to-ready.mjs';

const results = [
  await measureLoginJavaScript(),
  await measureLighthouse(),
  await measureStartup(),
  await measureDemoFirstStart(),
  await measureDashboard(),
  await measureRequestCost(),
  await measureReportPdf(),
  await measureLineTransactions(),
  await measureImport(),
  await measureAssistant(),
  // Last: minutes of both cores at full load (LOAD_SECONDS, LOAD_OWNERS and the rest shorten it; bench/load.mjs).
  await measureLoad(),
];
process.exit(results.every(Boolean) ? 0 : 1);
