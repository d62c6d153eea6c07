// The dealer page's own script: it listens to the widgets' showroom:* events, which bubble out of
// their shadow roots to the document. Each page has only some of the lines it writes to.
function say(id, text) {
  var line = document.getElementById(id);
  if (line) line.textContent = text;
}

function dollars(amount) {
  return '$' + Number(amount).toFixed(2);
}

document.addEventListener('showroom:sample-added', function (event) {
  var names = event.detail.added.map(function (sample) { return sample.name; });
  say('last-added', 'Added: ' + names.join(', ') + ' (' + event.detail.count + ' in your cart)');
});
document.addEventListener('showroom:payment-method-selected', function (event) {
  say('chosen-method', 'You chose: ' + event.detail.name);
});

// The checkout's events carry the order number, amounts, the method's name and the message the
// customer saw: never card data, so the page may show (or send to its analytics) all of it.
document.addEventListener('showroom:order-placed', function (event) {
  say('checkout-events', 'Order ' + event.detail.orderNumber + ' placed (' + dollars(event.detail.total) + ').');
});
document.addEventListener('showroom:payment-completed', function (event) {
  say('checkout-events', 'Payment of ' + dollars(event.detail.amount) + ' received for order ' + event.detail.orderNumber + '.');
});
document.addEventListener('showroom:payment-failed', function (event) {
  say('checkout-events', 'Payment failed' + (event.detail.orderNumber ? ' for order ' + event.detail.orderNumber : '') + ': ' + event.detail.message);
});
