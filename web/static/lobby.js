// The lobby: the tables of this server and the new-table form (web/API.md).

const list = document.getElementById('tables');

async function showTables() {
  const tables = await (await fetch('/api/tables')).json();
  list.replaceChildren();
  for (const t of tables) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `/t/${t.id}`;
    a.textContent = t.id === 'local' ? 'The terminal game (local)' : `Table ${t.id}`;
    li.append(a, ` — ${t.mode || 'no game'}, ${t.status}` +
        (t.result ? `, result: ${t.result}` : t.turn ? `, ${t.turn} to move` : ''));
    list.append(li);
  }
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
    }),
  });
  const body = await res.json();
  if (res.status !== 201) {
    document.getElementById('new-error').textContent = body.error;
    return;
  }
  location.href = `/t/${body.id}`;
});

showTables();
