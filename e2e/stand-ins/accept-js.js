/*
 * A stand-in for Authorize.net's Accept.js (https://js.authorize.net/v1/Accept.js), for browser
 * tests that cannot reach Authorize.net. The tests serve it at the real Accept.js URL with
 * Playwright's page.route(...), so the store's own loading code runs unchanged. It implements the
 * one call the store's client makes, window.Accept.dispatchData(secureData, callback), with the
 * published response shapes:
 *   Ok:    { opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue }, messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] } }
 *   Error: { messages: { resultCode: 'Error', message: [{ code: 'E_WC_05', text: 'Please provide valid credit card number.' }] } }
 * Like Accept.js it answers the first problem it finds, and calls back asynchronously (the real one
 * makes a network call first). A Luhn-valid number of 13 to 19 digits with a future expiry and a
 * CVV of 3 or 4 digits gets a fake nonce; the card itself stays in the browser, as with the real one.
 */
(function () {
  'use strict';

  function error(code, text) {
    return { messages: { resultCode: 'Error', message: [{ code: code, text: text }] } };
  }

  function passesLuhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var d = digits.charCodeAt(digits.length - 1 - i) - 48;
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  }

  function randomHex(bytes) {
    var values = new Uint8Array(bytes);
    window.crypto.getRandomValues(values);
    return Array.prototype.map.call(values, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }

  function check(secureData) {
    var auth = secureData && secureData.authData;
    var card = secureData && secureData.cardData;
    if (!auth || !auth.apiLoginID) return error('E_WC_10', 'Please provide valid apiLoginID.');
    if (!auth.clientKey) return error('E_WC_18', 'Client Key is required.');
    if (!card) return error('E_WC_04', 'Please provide mandatory field to library.');
    var number = String(card.cardNumber || '').replace(/\s/g, '');
    if (!/^\d{13,19}$/.test(number) || !passesLuhn(number)) return error('E_WC_05', 'Please provide valid credit card number.');
    var month = String(card.month || '');
    if (!/^\d{1,2}$/.test(month) || Number(month) < 1 || Number(month) > 12) return error('E_WC_06', 'Please provide valid expiration month.');
    var year = String(card.year || '');
    if (!/^(\d{2}|\d{4})$/.test(year)) return error('E_WC_07', 'Please provide valid expiration year.');
    var fullYear = year.length === 2 ? 2000 + Number(year) : Number(year);
    var now = new Date();
    if (fullYear < now.getFullYear() || (fullYear === now.getFullYear() && Number(month) < now.getMonth() + 1)) return error('E_WC_08', 'Expiration date must be in the future.');
    if (card.cardCode !== undefined && card.cardCode !== '' && !/^\d{3,4}$/.test(String(card.cardCode))) return error('E_WC_15', 'Please provide valid CVV.');
    // A nonce that says nothing about the card, like a real one (which only Authorize.net can read).
    var value = window.btoa(JSON.stringify({ standIn: 'accept-js', nonce: randomHex(24) }));
    return {
      opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: value },
      messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
    };
  }

  window.Accept = {
    dispatchData: function (secureData, callback) {
      var response = check(secureData);
      setTimeout(function () {
        callback(response);
      }, 0);
    },
  };
})();
