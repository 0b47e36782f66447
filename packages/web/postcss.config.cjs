// Mantine's PostCSS preset: rem/em helpers, light-dark and breakpoint mixins used by its component styles.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
