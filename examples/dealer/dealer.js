// The dealer page's own script: it listens to the widgets' showroom:* events, which bubble out of
// their shadow roots to the document.
document.addEventListener('showroom:sample-added', function (event) {
  var names = event.detail.added.map(function (sample) { return sample.name; });
  document.getElementById('last-added').textContent = 'Added: ' + names.join(', ') + ' (' + event.detail.count + ' in your cart)';
});
document.addEventListener('showroom:payment-method-selected', function (event) {
  document.getElementById('chosen-method').textContent = 'You chose: ' + event.detail.name;
});
