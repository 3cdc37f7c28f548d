// The pages' words, from the catalogues the terminal speaks (GET
// /api/lang/XX, web/API.md). The language is the one chosen in the menu
// (kept in this browser), else the browser's first language the game
// speaks, else English; `?lang=XX` in the address overrides both.

let texts = {};
export let language = 'en';

function wanted(languages) {
  const asked = new URLSearchParams(location.search).get('lang');
  const stored = localStorage.getItem('lang');
  for (const l of [asked, stored, ...(navigator.languages || [])]) {
    const code = (l || '').toLowerCase().split(/[-_]/)[0];
    if (languages.includes(code)) return code;
  }
  return 'en';
}

// The text of `key` with its {placeholders} filled from `args`; the key
// itself when the catalogue lacks it, so a mistake shows on the page.
export function t(key, args = {}) {
  const text = texts[key] ?? key;
  return text.replace(/\{([a-z_]+)\}/g, (m, name) =>
      name in args ? String(args[name]) : m);
}

// A piece's words ("Red king") in the catalogue's words for its colour.
export function pieceWords(colourName, king) {
  return t(`piece.${colourName.toLowerCase()}.${king ? 'king' : 'man'}`);
}

// A colour's name ("Red") in this language.
export function colourWord(colourName) {
  return t(`colour.${colourName.toLowerCase()}`);
}

// Loads the language and fills every element marked data-t (its text) or
// data-t-label (its aria-label), and the language menu #language.
export async function loadLanguage() {
  const all = await (await fetch('/api/lang/en')).json();
  language = wanted(all.languages);
  const body = language === 'en' ? all
      : await (await fetch(`/api/lang/${language}`)).json();
  texts = body.texts;
  document.documentElement.lang = language;
  for (const el of document.querySelectorAll('[data-t]')) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll('[data-t-label]')) {
    el.setAttribute('aria-label', t(el.dataset.tLabel));
  }
  const menu = document.getElementById('language');
  if (menu) {
    menu.replaceChildren();
    for (const l of all.languages) {
      const o = document.createElement('option');
      o.value = l;
      o.textContent = (all.names && all.names[l]) || l;
      o.selected = l === language;
      menu.append(o);
    }
    menu.addEventListener('change', () => {
      localStorage.setItem('lang', menu.value);
      const url = new URL(location.href);
      url.searchParams.delete('lang');
      location.href = url.href;
    });
  }
}
