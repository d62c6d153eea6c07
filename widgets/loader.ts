/**
 * The one script tag a dealer adds (dist/widgets/showroom.js, a classic script): element modules
 * are found next to it, in esm/, and load the first time the page uses one of their elements.
 */
import { loadElementsWhenUsed } from './element-loader';

const script = document.currentScript as HTMLScriptElement | null;
loadElementsWhenUsed(new URL('esm/', new URL('.', script?.src ?? location.href)));
