// Component tests draw with the React build users run: the bundle is built with
// NODE_ENV=production (scripts/bundle.mjs). React's development build also costs about a
// quarter more of the component tests' time. Set before anything loads React.
process.env.NODE_ENV = 'production';
