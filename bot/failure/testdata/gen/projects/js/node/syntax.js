function main() {
  const items = [1, 2, 3;
  console.log(items);
}
main();
