export { createTextReporter } from './createTextReporter.js';
export { createJsonReporter } from './createJsonReporter.js';
export { createJunitReporter } from './createJunitReporter.js';
export { createSarifReporter } from './createSarifReporter.js';
export { createMarkdownReporter } from './createMarkdownReporter.js';
export { createLiveProgress } from './createLiveProgress.js';
export { createSummaryReporter } from './createSummaryReporter.js';
export { createHtmlReporter } from './createHtmlReporter.js';
