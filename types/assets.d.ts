// Side-effect CSS imports handled by style-loader (webpack) and a stub (jest).
declare module '*.css';
