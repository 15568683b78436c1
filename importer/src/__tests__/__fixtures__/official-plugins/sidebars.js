module.exports = {
  docs: ['intro', 'math', 'diagrams', 'images'],
};
