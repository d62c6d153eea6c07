/** <showroom-sample-cart api-base dealer checkout-url expiry-hours>: the cart, with checkout. */
import { sampleWidgetsCss } from '../sample-ordering/sample-widgets.css';
import { defineShowroomElement } from '../element-base/define-showroom-element';
import { SampleCartView } from '../sample-cart/SampleCartView';
import { sampleCartSpec } from '../sample-cart/sample-cart.spec';

defineShowroomElement(sampleCartSpec, SampleCartView, sampleWidgetsCss);
