import React from 'react';

// A component of the site's own: a coloured box with a label and free content.
// MDX pages import it with `import Callout from '@site/src/components/Callout'`.
const LABELS = {info: 'Good to know', warning: 'Watch out', success: 'Done'};

export default function Callout({type = 'info', children}) {
  return (
    <aside className={`relay-callout relay-callout--${type}`}>
      <strong className="relay-callout__label">{LABELS[type] ?? LABELS.info}</strong>
      <div className="relay-callout__body">{children}</div>
    </aside>
  );
}
