// The widget playground: one section per element of the manifest, with the element, a control per
// attribute (a select for a list of values, a checkbox for a boolean, a text field otherwise) and a
// log of the showroom:* events it sends. Plain script: the playground is a page, not part of the kit.

/** Attribute values the playground starts an element with, so it shows something real at once. */
const START_WITH = {
  'showroom-payment-methods': { scope: 'sample-order' },
  'showroom-order-samples': { 'style-name': 'hartford-shaker' },
  'showroom-cart-count': { href: '#showroom-sample-cart' },
  // The money elements start bare: each shows its first real state (the cart's checkout, the quote
  // link's dead end, the split lookup form, "no recent order") and the hint says how to go on.
};

/** How to try an element that needs something first (a cart, a quote link, a paid order). */
const TRY_IT = {
  'showroom-checkout':
    'Order a sample in <showroom-order-samples> above: it appears here. Fill the address and pay with the test card 4242 4242 4242 4242 (4000 0000 0000 0002 is declined); without success-url the order number is shown in place.',
  'showroom-quote-payment':
    'Make a quote with `npm run quote -- create examples/quotes/kitchen-remodel.json`, then put the quoteId and token of its payment link into quote-id and token.',
  'showroom-split-payment':
    'Fetch an order by its number and e-mail (or set order-id and email); an order with split payment takes a part toward its balance.',
  'showroom-order-result':
    'Shows the order this browser just paid: pay in <showroom-checkout> on this page, then reload it. Without a paid order it says so (or goes to checkout-href).',
};

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function controlFor(element, attribute) {
  const id = `${element.localName}-${attribute.name}`;
  const type = attribute.type?.text ?? 'string';
  const values = /^"/.test(type) ? type.split(' | ').map((v) => JSON.parse(v)) : null;
  let input;
  if (values) {
    input = el('select', { id }, el('option', { value: '', textContent: '(none)' }), ...values.map((v) => el('option', { value: v, textContent: v })));
    input.value = element.getAttribute(attribute.name) ?? '';
  } else if (type === 'boolean') {
    input = el('input', { id, type: 'checkbox', checked: element.hasAttribute(attribute.name) });
  } else {
    input = el('input', { id, type: 'text', value: element.getAttribute(attribute.name) ?? '', placeholder: attribute.default ?? '' });
  }
  input.addEventListener('change', () => {
    const value = input.type === 'checkbox' ? (input.checked ? '' : null) : input.value;
    if (value === null || (value === '' && input.type !== 'checkbox')) element.removeAttribute(attribute.name);
    else element.setAttribute(attribute.name, value);
  });
  return [el('label', { htmlFor: id }, el('code', { textContent: attribute.name })), input, el('small', { textContent: attribute.description ?? '' })];
}

function sectionFor(declaration) {
  const element = document.createElement(declaration.tagName);
  for (const [name, value] of Object.entries(START_WITH[declaration.tagName] ?? {})) element.setAttribute(name, value);
  const log = el('ol', { className: 'log', ariaLabel: `Events from <${declaration.tagName}>` });
  for (const event of declaration.events ?? []) {
    element.addEventListener(event.name, (e) => log.append(el('li', { textContent: `${event.name} ${JSON.stringify(e.detail)}` })));
  }
  return el(
    'section',
    {},
    el('h2', {}, el('code', { textContent: `<${declaration.tagName}>` })),
    el('p', { textContent: declaration.description ?? '' }),
    ...(TRY_IT[declaration.tagName] ? [el('p', { className: 'try-it', textContent: `Try it: ${TRY_IT[declaration.tagName]}` })] : []),
    el('div', { className: 'controls' }, ...(declaration.attributes ?? []).flatMap((a) => controlFor(element, a))),
    el('div', { className: 'stage' }, element),
    el('h3', { textContent: 'Events' }),
    log,
  );
}

async function main() {
  const target = document.getElementById('elements');
  try {
    const response = await fetch('/widgets/custom-elements.json');
    const manifest = await response.json();
    const declarations = manifest.modules.flatMap((m) => m.declarations.filter((d) => d.customElement));
    target.replaceChildren(...declarations.map(sectionFor));
  } catch (err) {
    target.replaceChildren(el('p', { textContent: `Could not read the widget manifest: ${err.message}` }));
  }
}

main();
