// The lobby: the tables of this server and the new-table form (web/API.md).

import {language, loadLanguage, t} from '/static/i18n.js';

const list = document.getElementById('tables');

async function showTables() {
  const tables = await (await fetch('/api/tables')).json();
  list.replaceChildren();
  for (const table of tables) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `/t/${table.id}`;
    a.textContent = table.id === 'local' ? t('web.lobby.local')
        : t('web.lobby.table', {id: table.id});
    const mode = table.mode === 'computer' ? t('web.lobby.computer')
        : table.mode === 'two-player' ? t('web.lobby.two_player')
        : table.mode === 'remote' ? t('web.lobby.remote')
        : t('web.lobby.no_game');
    // Player names are text, never markup.
    const names = table.seats ? ['first', 'second'].map(
        (side) => (table.seats[side] ? table.seats[side].name : t('web.seat.free'))).join(' – ') : '';
    const rules = !table.rules ? ''
        : `${t(table.rules === 'english' ? 'rules.edition' : `edition.${table.rules}`)}, `;
    li.append(a, ` — ${rules}${mode}${names ? ` (${names})` : ''}, ${t(`web.status.${table.status}`)}`);
    list.append(li);
  }
}

// The house options as events.proto's RuleOptions in its JSON mapping.
// They are English checkers' options: in Russian and pool the edition
// decides them (docs/RULES.md), so none are sent.
function ruleOptions(form) {
  return {
    captureOptional: form.get('capture') === 'optional',
    colourNames: form.get('colour_names'),
    lightMovesFirst: form.get('first') === 'light',
    swapFirstPlayer: form.get('swap') === 'on',
    noProgressTurns: Number(form.get('no_progress_turns')) || 0,
    noProgressCount: form.get('no_progress_count'),
    turnLimit: Number(form.get('turn_limit')) || 0,
  };
}

document.getElementById('new-table').addEventListener('submit', async (e) => {
  e.preventDefault();
  const form = new FormData(e.target);
  const res = await fetch('/api/tables', {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({
      mode: form.get('mode'),
      difficulty: form.get('difficulty'),
      human_side: form.get('human_side'),
      // A turn limit belongs to a table for two devices only.
      turn_seconds: form.get('mode') === 'remote' ? Number(form.get('turn_seconds')) : 0,
      rated: form.get('mode') === 'remote' && form.get('rated') === 'on',
      rules: form.get('rules'),
      options: form.get('rules') === 'english' ? ruleOptions(form) : undefined,
    }),
  });
  const body = await res.json();
  if (res.status !== 201) {
    document.getElementById('new-error').textContent = body.error;
    return;
  }
  location.href = `/t/${body.id}`;
});

// The ratings of the players of finished rated tables (docs/RATINGS.md).
async function showRatings() {
  const ratings = await (await fetch('/api/ratings')).json();
  const list = document.getElementById('ratings');
  list.replaceChildren();
  for (const r of ratings) {
    const li = document.createElement('li');
    // Player names are text, never markup.
    li.textContent = t('web.lobby.rating', r);
    list.append(li);
  }
}

// The house options belong to English checkers only; the rules link
// follows the edition chosen.
const rules = document.getElementById('rules');
function showEdition() {
  document.getElementById('house').hidden = rules.value !== 'english';
  const params = new URLSearchParams({edition: rules.value, lang: language});
  document.getElementById('rules-link').href = `/rules?${params}`;
}
rules.addEventListener('change', showEdition);

loadLanguage().then(() => {
  document.title = t('web.lobby.title');
  showEdition();
}).then(showTables).then(showRatings);
