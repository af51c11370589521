// Which profile this device writes as: remembered on the device only (a shared tablet changes it
// from the home screen). Profiles themselves live on the server.

const KEY = "feder.child";

export const device = {
  childID() { return localStorage.getItem(KEY); },
  remember(id) { localStorage.setItem(KEY, id); },
  forget() { localStorage.removeItem(KEY); },
};
