/**
 * <showroom-estimator template="kitchen-estimator" api-base dealer>: the project estimator on any page.
 * This entry exports nothing, so its chunk holds the estimator itself (no facade module) and the
 * lazily loaded PDF chunk imports what it shares from it.
 */
import { defineShowroomElement } from '../element-base/define-showroom-element';
import { EstimatorElement } from '../estimator/EstimatorElement';
import { estimatorCss } from '../estimator/estimator.css';
import { estimatorSpec } from '../estimator/estimator.spec';

defineShowroomElement(estimatorSpec, EstimatorElement, estimatorCss);
