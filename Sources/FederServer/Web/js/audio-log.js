// An ordered log of everything the page played, with when and for how long, so a test (or a
// curious adult in the console) can check that every line was heard to its end:
// window.feder.audioLog = [{kind, key, text, source, start, end, clipDuration, played, ended, cut, …}].
// Times are milliseconds of performance.now().

window.feder = window.feder || {};
window.feder.audioLog = window.feder.audioLog || [];

export function logStart(entry) {
  const record = { start: performance.now(), played: 0, ended: false, cut: false, ...entry };
  window.feder.audioLog.push(record);
  return record;
}

/** Closes an entry: `ended` when it played to its end, `cut` when something stopped it early. */
export function logFinish(record, { ended = false, cut = false } = {}) {
  if (record.finished) return;
  record.finished = true;
  record.end = performance.now();
  record.ended = ended;
  record.cut = cut;
  if (!record.measuredByPlayer) record.played = performance.now() - record.start;
}
