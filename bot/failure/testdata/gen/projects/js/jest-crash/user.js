function displayName(user) {
  return user.profile.first + " " + user.profile.last;
}
module.exports = { displayName };
