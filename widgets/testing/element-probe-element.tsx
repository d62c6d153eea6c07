/** Defines <showroom-element-probe> (test only: built by e2e/widget-runtime.e2e.ts, never shipped). */
import { defineShowroomElement } from '../element-base/define-showroom-element';
import { ElementProbe, elementProbeCss, elementProbeSpec } from './element-probe';

defineShowroomElement(elementProbeSpec(), ElementProbe, elementProbeCss);
