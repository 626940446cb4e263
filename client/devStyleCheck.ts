// Development only (main.tsx loads it under `npm run dev`): each Mantine component's CSS
// is imported by hand (main.tsx, or the screen that uses it), so this warns in the
// console when a Mantine part shows up whose stylesheet nobody imported.

function styledClasses(): Set<string> {
  const styled = new Set<string>();
  const rules: CSSRule[] = Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules));
  for (let rule = rules.pop(); rule; rule = rules.pop()) {
    for (const name of rule.cssText.match(/\.m_[0-9a-f]{8}/g) ?? []) styled.add(name.slice(1));
    if ('cssRules' in rule) rules.push(...Array.from((rule as CSSGroupingRule).cssRules));
  }
  return styled;
}

const reported = new Set<string>();

function check() {
  const styled = styledClasses();
  for (const element of Array.from(document.querySelectorAll('[class*="m_"]'))) {
    const classes = Array.from(element.classList);
    for (const name of classes) {
      if (!/^m_[0-9a-f]{8}$/.test(name) || styled.has(name) || reported.has(name)) continue;
      reported.add(name);
      // Mantine also puts a readable class on each part: mantine-Table-table, mantine-Badge-root.
      const part = classes.find((c) => c.startsWith('mantine-'));
      const component = part?.split('-')[1];
      console.warn(
        `Mantine styles missing for ${part ?? name}: import '@mantine/core/styles/${component ?? '<Component>'}.css'` +
          ' in the screen that uses it (or in client/main.tsx if the login page or the shell does).',
        element,
      );
    }
  }
}

export function warnAboutMissingStyles(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    // Lazily loaded screens bring their CSS a moment after their markup.
    timer = setTimeout(check, 1000);
  };
  new MutationObserver(later).observe(document.body, { childList: true, subtree: true });
  later();
}
