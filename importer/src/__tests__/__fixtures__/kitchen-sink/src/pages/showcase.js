import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';

// Fictional projects that use Relay.
const PROJECTS = [
  {name: 'Notepad Live', description: 'A shared notebook for classrooms, one room per lesson.', href: 'https://notepad.example.org'},
  {name: 'Dockside', description: 'Port logistics dashboard; trucks report their position every ten seconds.', href: 'https://dockside.example.net'},
  {name: 'Quiz Night', description: 'A pub quiz where every phone is a buzzer.', href: 'https://quiz.example.com'},
];

export default function Showcase() {
  return (
    <Layout
      title={translate({id: 'showcase.title', message: 'Showcase'})}
      description={translate({id: 'showcase.description', message: 'Projects that use Relay'})}>
      <main className="container margin-vert--lg">
        <h1>
          <Translate id="showcase.heading">Built with Relay</Translate>
        </h1>
        <ul className="relay-showcase">
          {PROJECTS.map((project) => (
            <li key={project.name}>
              <Link href={project.href}>{project.name}</Link>: {project.description}
            </li>
          ))}
        </ul>
        <p>
          <Translate id="showcase.add">Add your project: open a pull request on the website repository.</Translate>
        </p>
      </main>
    </Layout>
  );
}
