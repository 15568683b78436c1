// A site whose markdown has every kind of bad front matter, for the importer's error tests.
export default {
  title: 'Broken',
  url: 'https://broken.example',
  i18n: {defaultLocale: 'en', locales: ['en']},
  presets: [['classic', {docs: {versions: {current: {label: '1.x', path: 'v1'}}}}]],
}
