import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Callout from '@site/src/components/Callout';

const FEATURES = [
  {
    id: 'ordered',
    title: translate({id: 'homepage.features.ordered.title', message: 'In order'}),
    text: translate({
      id: 'homepage.features.ordered.text',
      message: 'Messages from one sender arrive in the order they were sent, across reconnects.',
    }),
  },
  {
    id: 'recovery',
    title: translate({id: 'homepage.features.recovery.title', message: 'Recovers on its own'}),
    text: translate({
      id: 'homepage.features.recovery.text',
      message: 'A client that drops for a moment gets the messages it missed when it comes back.',
    }),
  },
  {
    id: 'small',
    title: translate({id: 'homepage.features.small.title', message: 'Small server'}),
    text: translate({
      id: 'homepage.features.small.text',
      message: 'The server is a few thousand lines with no native dependency.',
    }),
  },
];

function Hero() {
  const {siteConfig} = useDocusaurusContext();
  return (
    <header className="hero hero--primary relay-hero">
      <div className="container">
        <img className="relay-hero__logo" src="/img/logo.svg" alt="" width="96" height="96" />
        <h1 className="hero__title">{siteConfig.title}</h1>
        <p className="hero__subtitle">
          <Translate id="homepage.tagline">Messages between browsers and servers, in order and on time</Translate>
        </p>
        <div className="relay-hero__buttons">
          <Link className="button button--secondary button--lg" to="/docs/">
            <Translate id="homepage.cta.start">Read the docs</Translate>
          </Link>
          <Link className="button button--outline button--lg relay-hero__secondary" to="/docs/next/get-started">
            <Translate id="homepage.cta.preview">Try the 2.0 preview</Translate>
          </Link>
        </div>
      </div>
    </header>
  );
}

export default function Home() {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Layout title={siteConfig.title} description={siteConfig.tagline}>
      <Hero />
      <main className="container margin-vert--lg">
        <section className="row relay-features">
          {FEATURES.map((feature) => (
            <div key={feature.id} className="col col--4">
              <h2>{feature.title}</h2>
              <p>{feature.text}</p>
            </div>
          ))}
        </section>
        <Callout type="success">
          <Translate id="homepage.callout">Relay 1.5 is the current release; 2.0 is in preview.</Translate>
        </Callout>
      </main>
    </Layout>
  );
}
