/**
 * Pages the navigation links to before they exist: the architecture work writes them. The link
 * test accepts links to these (and fails once a listed page exists, so the entry gets removed),
 * and the site's build does not count them as dead links. Remove each entry when its page lands.
 */
export const EXPECTED_PAGES: readonly string[] = [];
