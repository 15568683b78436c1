// The site's wrapper of the theme's admonitions (swizzled with --wrap): each box gets a class of the
// site's own, which custom.css could style. The importer names it in its report with the pages that
// have admonitions.
import React from 'react';
import Admonition from '@theme-original/Admonition';

export default function AdmonitionWrapper(props) {
  return (
    <div className="relay-admonition">
      <Admonition {...props} />
    </div>
  );
}
