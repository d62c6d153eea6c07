/*
 * A stand-in for Stripe.js (https://js.stripe.com/.../stripe.js), served by the e2e tests through
 * Playwright's page.route, because the real script cannot load here. It implements only what
 * widgets/payment/stripe uses, with Stripe's published shapes:
 *   Stripe(pk) -> { elements(options), confirmPayment(options) }
 *   elements -> { create('payment'), update(options), submit() -> {} | {error} }
 *   element -> { mount(el), on('change', handler), destroy() }
 * The mounted element is a real card-number input (Stripe draws it in its own frame). Confirming
 * posts to https://api.stripe.com/v1/payment_intents/{id}/confirm with the publishable key and the
 * client secret, as Stripe.js does; the test routes that host to the fake Stripe. A typed test card
 * number becomes Stripe's matching test payment method (pm_card_visa, pm_card_chargeDeclined, ...).
 */
(function () {
  'use strict';
  var API = 'https://api.stripe.com';
  var TEST_METHODS = {
    '4242424242424242': 'pm_card_visa',
    '5555555555554444': 'pm_card_mastercard',
    '4000000000000002': 'pm_card_chargeDeclined',
    '4000002500003155': 'pm_card_threeDSecure2Required',
  };

  function digitsOf(value) {
    return String(value || '').replace(/\D/g, '');
  }

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return sum % 10 === 0;
  }

  function createPaymentElement(group) {
    var handlers = { change: [], ready: [] };
    var input = null;
    var element = {
      mount: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        var label = document.createElement('label');
        label.textContent = 'Card number';
        input = document.createElement('input');
        input.name = 'cardnumber';
        input.inputMode = 'numeric';
        input.autocomplete = 'cc-number';
        input.setAttribute('data-stand-in', 'stripe-payment-element');
        label.appendChild(input);
        host.appendChild(label);
        input.addEventListener('input', function () {
          var digits = digitsOf(input.value);
          group._number = digits;
          var complete = digits.length >= 13 && digits.length <= 19 && luhn(digits);
          group._complete = complete;
          handlers.change.forEach(function (h) {
            h({ elementType: 'payment', empty: digits.length === 0, complete: complete, collapsed: false, value: { type: 'card' } });
          });
        });
        handlers.ready.forEach(function (h) {
          h({ elementType: 'payment' });
        });
      },
      on: function (name, handler) {
        (handlers[name] = handlers[name] || []).push(handler);
        return element;
      },
      update: function () {},
      destroy: function () {
        if (input && input.parentNode) input.parentNode.remove();
      },
    };
    return element;
  }

  function formBody(fields) {
    return Object.keys(fields)
      .map(function (k) {
        return encodeURIComponent(k) + '=' + encodeURIComponent(fields[k]);
      })
      .join('&');
  }

  window.Stripe = function Stripe(publishableKey) {
    if (!/^pk_/.test(String(publishableKey))) throw new Error('Invalid publishable key: ' + publishableKey);
    return {
      elements: function (options) {
        var group = { _options: options || {}, _number: '', _complete: false };
        group.create = function (type) {
          if (type !== 'payment') throw new Error('The stand-in only draws the Payment Element, not ' + type);
          return createPaymentElement(group);
        };
        group.update = function (options) {
          Object.assign(group._options, options);
        };
        group.submit = function () {
          if (group._complete) return Promise.resolve({});
          return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
        };
        return group;
      },
      confirmPayment: function (options) {
        var group = options.elements;
        var secret = String(options.clientSecret || '');
        var intentId = secret.split('_secret_')[0];
        var returnUrl = options.confirmParams && options.confirmParams.return_url;
        return fetch(API + '/v1/payment_intents/' + encodeURIComponent(intentId) + '/confirm', {
          method: 'POST',
          headers: { Authorization: 'Bearer ' + publishableKey, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: formBody(Object.assign({ payment_method: TEST_METHODS[group._number] || 'pm_card_visa', client_secret: secret }, returnUrl ? { return_url: returnUrl } : {})),
        })
          .then(function (res) {
            return res.json();
          })
          .then(function (body) {
            if (body.error) return { error: body.error };
            // The bank's page: Stripe.js leaves the shop; the customer comes back to return_url.
            var next = body.status === 'requires_action' && body.next_action;
            if (next && next.type === 'redirect_to_url') {
              window.location.assign(next.redirect_to_url.url);
              return new Promise(function () {});
            }
            return { paymentIntent: body };
          });
      },
    };
  };
})();
