// Tests draw with the React build users run: the bundle is built with NODE_ENV=production
// (scripts/bundle.mjs), and the test configs compile JSX without React's development
// runtime to match. The development build also costs the component tests about a quarter
// more time. The first setup file of every test config: set before anything loads React.
process.env.NODE_ENV = 'production';
