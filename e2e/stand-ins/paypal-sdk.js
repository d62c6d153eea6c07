/*
 * A stand-in for PayPal's JavaScript SDK (https://www.paypal.com/sdk/js?client-id=...), served by
 * the e2e tests through Playwright's page.route, because the real script cannot load here. It
 * implements only what widgets/payment/paypal uses, with PayPal's published shapes:
 *   paypal.Buttons({onClick, createOrder, onApprove, onCancel, onError}) -> {isEligible(), render(el), close()}
 * render draws one button. A click runs onClick (actions.resolve/reject), then createOrder; the
 * buyer's approval (PayPal's window) is a POST to the order's approve page,
 * https://www.paypal.com/checkoutnow?token=ID, which the test routes to the fake PayPal; then
 * onApprove({orderID, payerID}). The SDK's script tag carries client-id in its query (checked).
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var query = new URL(script ? script.src : 'https://www.paypal.com/sdk/js').searchParams;
  if (!query.get('client-id')) throw new Error('PayPal SDK: client-id is required');

  function toError(err) {
    return err instanceof Error ? err : new Error(String(err));
  }

  window.paypal = {
    version: '5.0.0-stand-in',
    Buttons: function (options) {
      var button = null;
      var closed = false;
      return {
        isEligible: function () {
          return true;
        },
        render: function (target) {
          var host = typeof target === 'string' ? document.querySelector(target) : target;
          button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'PayPal';
          button.setAttribute('aria-label', 'Pay with PayPal');
          button.addEventListener('click', function () {
            var allowed = true;
            var actions = {
              resolve: function () {
                return Promise.resolve();
              },
              reject: function () {
                allowed = false;
                return Promise.resolve();
              },
            };
            Promise.resolve(options.onClick ? options.onClick({ fundingSource: 'paypal' }, actions) : undefined)
              .then(function () {
                if (!allowed || closed) return;
                return Promise.resolve(options.createOrder({ paymentSource: 'paypal' }, {})).then(function (orderID) {
                  var cancel = host.getAttribute('data-buyer') === 'cancels';
                  if (cancel) return options.onCancel && options.onCancel({ orderID: orderID }, {});
                  return fetch('https://www.paypal.com/checkoutnow?token=' + encodeURIComponent(orderID), { method: 'POST' })
                    .then(function (res) {
                      if (!res.ok) throw new Error('PayPal could not approve order ' + orderID);
                      return options.onApprove({ orderID: orderID, payerID: 'STANDINPAYER', paymentSource: 'paypal' }, {});
                    });
                });
              })
              .catch(function (err) {
                if (options.onError) options.onError(toError(err));
              });
          });
          host.appendChild(button);
          return Promise.resolve();
        },
        close: function () {
          closed = true;
          if (button) button.remove();
          return Promise.resolve();
        },
      };
    },
  };
})();
