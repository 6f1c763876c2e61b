/** Navigation for code outside React (the request wrapper); the router registers itself here. */
type Navigate = (path: string) => void;

let navigator: Navigate = (path) => {
  if (typeof window !== 'undefined') window.location.assign(path);
};

export function setNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(path: string): void {
  navigator(path);
}
