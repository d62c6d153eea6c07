/** <showroom-order-samples style-name api-base dealer heading expiry-hours>: a style's samples into the cart. */
import { sampleWidgetsCss } from '../sample-ordering/sample-widgets.css';
import { defineShowroomElement } from '../element-base/define-showroom-element';
import { OrderSamples } from '../order-samples/OrderSamples';
import { orderSamplesSpec } from '../order-samples/order-samples.spec';

defineShowroomElement(orderSamplesSpec, OrderSamples, sampleWidgetsCss);
