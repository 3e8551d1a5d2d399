function card(user) {
  return {
    title: user.name.toUpperCase(),
    subtitle: `${user.role} since ${user.since}`,
    tags: user.tags.slice().sort(),
  };
}
module.exports = { card };
