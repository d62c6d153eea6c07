/** <showroom-cart-count api-base dealer href label>: the number of samples in the cart. */
import { CartCount } from '../cart-count/CartCount';
import { cartCountSpec } from '../cart-count/cart-count.spec';
import { defineShowroomElement } from '../element-base/define-showroom-element';

defineShowroomElement(cartCountSpec, CartCount, ':host { display: inline-block; } a { color: inherit; }');
