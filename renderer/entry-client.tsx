/**
 * The page's one script: the island bootstrap (./islands/bootstrap.ts). The page's whole CSS is
 * imported here, static blocks' included (their components never reach the browser), and the build
 * writes it to one stylesheet that the server links in the head.
 */
import.meta.glob(['./blocks/**/*.css', './layout/**/*.css', './listing/**/*.css'], { eager: true });
import './styles/site.css';
import { trackPromotionalLinks } from './forms/analytics';
import { startIslands } from './islands/bootstrap';
import { watchModuleIntegrity } from './islands/integrity-report';

// For the hydration check in e2e/island-hydration-check.ts (an import of this module, not a global).
export { renderIslandDetached } from './islands/bootstrap';

// First, so a module that fails its integrity check while the islands start is reported.
watchModuleIntegrity();
void startIslands();
trackPromotionalLinks(document);
