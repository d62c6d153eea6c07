// The widget playground: one section per element of the manifest, with the element, a control per
// attribute (a select for a list of values, a checkbox for a boolean, a text field otherwise) and a
// log of the showroom:* events it sends. Plain script: the playground is a page, not part of the kit.

/** Attribute values the playground starts an element with, so it shows something real at once. */
const START_WITH = {
  'showroom-payment-methods': { scope: 'sample-order' },
  'showroom-order-samples': { 'style-name': 'hartford-shaker' },
  'showroom-cart-count': { href: '#showroom-sample-cart' },
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
