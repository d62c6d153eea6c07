/**
 * The loader as an ES module (dist/widgets/esm/loader.js), for pages and bundlers that import rather
 * than add a classic script: `import 'https://shop.example.com/widgets/esm/loader.js'`. Importing one
 * element's module (esm/payment-methods.js) instead defines just that element, at once.
 */
import { loadElementsWhenUsed } from './element-loader';

loadElementsWhenUsed(new URL('./', import.meta.url));
