#!/usr/bin/env bash
# Ruby: RSpec, minitest, rake, RuboCop, ruby -c and scripts (Debian packages).
. "$(dirname "$0")/lib.sh"
E=ruby
RB="ruby $(ruby -e 'print RUBY_VERSION')"

TOOL="rspec $(rspec --version 2>/dev/null | sed -n 's/.*rspec-core \([0-9.]*\).*/\1/p;1q'), $RB"
project rb-spec-pass; mkdir -p spec
cat > spec/calc_spec.rb <<'R'
RSpec.describe "Calc" do
  it("adds") { expect(1 + 2).to eq(3) }
  it("handles timeouts") { warn "error: simulated, expected"; expect(true).to be true }
end
R
record $E rspec-pass PASS 2/2/0/0 "two examples pass; one is named 'handles timeouts' and prints error: (decoys)" -- rspec
record $E rspec-pass-doc PASS 2/2/0/0 "the same, documentation format" -- rspec --format documentation
project rb-spec-fail; mkdir -p spec
cat > spec/calc_spec.rb <<'R'
RSpec.describe "Calc" do
  it("adds") { expect(1 + 2).to eq(4) }
  it("subtracts") { expect(2 - 1).to eq(1) }
  it("divides") { expect(1 / 0).to eq(0) }
  it("later") { pending("not yet"); raise "x" }
  it("lists") { expect([1, 2]).to include(3) }
end
R
record $E rspec-fail TEST_FAILURE 4/1/3/1 "adds and lists fail; divides raises ZeroDivisionError; later is pending" -- rspec
record $E rspec-fail-doc TEST_FAILURE 4/1/3/1 "the same, documentation format" -- rspec --format documentation
record $E rspec-fail-progress TEST_FAILURE 4/1/3/1 "the same, --no-color progress format" -- rspec --no-color --format progress
record $E rspec-fail-one TEST_FAILURE 1/0/1/0 "one example selected by line" -- rspec spec/calc_spec.rb:2
record $E rspec-filter-none TEST_FAILURE 0/0/0/0 "-e matches no example: exit 0 having run nothing" -- rspec -e nothing_matches
record $E rspec-missing-file ENV_ERROR - "the spec file named does not exist" -- rspec spec/nothere_spec.rb
project rb-spec-load; mkdir -p spec
printf 'require "faraday_not_installed"\nRSpec.describe("x") { it("y") { } }\n' > spec/x_spec.rb
record $E rspec-missing-gem ENV_ERROR - "the spec requires a gem that is not installed" -- rspec
printf 'RSpec.describe("x") do\n  it("y") { expect(1).to eq(1) \nend\n' > spec/x_spec.rb
record $E rspec-syntax CODE_ERROR - "the spec file has a syntax error" -- rspec
project rb-spec-slow; mkdir -p spec
printf 'require "timeout"\nRSpec.describe("x") do\n  it("quick") { }\n  it("slow") { Timeout.timeout(0.2) { sleep 5 } }\nend\n' > spec/x_spec.rb
record $E rspec-timeout-block TIMEOUT 2/1/1/0 "Timeout.timeout(0.2) around the slow example fires" -- rspec
printf 'RSpec.describe("x") do\n  it("slow") { sleep 30 }\nend\n' > spec/x_spec.rb
record $E rspec-timeout-wrapper TIMEOUT - "timeout(1) stops rspec after 2 s: exit 124" -- timeout 2 rspec
CASE_LIMIT=2 record $E rspec-timeout-runner TIMEOUT - "the runner's 2 s deadline kills rspec" -- rspec

TOOL="minitest $(ruby -e 'require "minitest"; print Minitest::VERSION'), $RB"
project rb-mt; mkdir -p test
cat > test/calc_test.rb <<'R'
require "minitest/autorun"
class TestCalc < Minitest::Test
  def test_add; assert_equal 3, 1 + 2; end
  def test_timeout_handling; $stderr.puts "error: simulated"; assert true; end
end
R
record $E minitest-pass PASS 2/2/0/0 "two tests pass (decoy name and error: output)" -- ruby test/calc_test.rb
cat > Rakefile <<'R'
require "rake/testtask"
Rake::TestTask.new(:test) { |t| t.pattern = "test/*_test.rb" }
task default: :test
R
record $E rake-test-pass PASS 2/2/0/0 "rake test runs the same passing tests" -- rake test
cat > test/calc_test.rb <<'R'
require "minitest/autorun"
class TestCalc < Minitest::Test
  def test_add; assert_equal 4, 1 + 2; end
  def test_sub; assert_equal 1, 2 - 1; end
  def test_div; assert_equal 0, 1 / 0; end
  def test_later; skip "not yet"; end
end
R
record $E minitest-fail TEST_FAILURE 3/1/2/1 "test_add fails; test_div raises ZeroDivisionError" -- ruby test/calc_test.rb
record $E minitest-fail-verbose TEST_FAILURE 3/1/2/1 "the same, -v" -- ruby test/calc_test.rb -v
record $E rake-test-fail TEST_FAILURE 3/1/2/1 "rake test runs the same failing tests" -- rake test
record $E rake-no-task ENV_ERROR - "rake names a task the Rakefile does not define" -- rake spec
record $E minitest-filter-none TEST_FAILURE 0/0/0/0 "-n matches no test: exit 0 having run nothing" -- ruby test/calc_test.rb -n test_nothing
project rb-norake
record $E rake-no-rakefile ENV_ERROR - "no Rakefile in the directory" -- rake test

TOOL="$RB"
project rb-script
printf 'def add(a, b)\n  a + b\n' > calc.rb
record $E ruby-c-syntax CODE_ERROR - "ruby -c: a def without end" -- ruby -c calc.rb
record $E ruby-run-syntax CODE_ERROR - "running the file with the syntax error" -- ruby calc.rb
printf 'def add(a, b)\n  a + b\nend\nputs "Syntax OK? error: none"\n' > ok.rb
record $E ruby-c-pass PASS - "ruby -c on a valid file" -- ruby -c ok.rb
printf 'x = nil\nputs x.upcase\n' > nomethod.rb
record $E ruby-nomethod CODE_ERROR - "NoMethodError: upcase on nil" -- ruby nomethod.rb
printf 'puts undefined_thing\n' > name.rb
record $E ruby-nameerror CODE_ERROR - "NameError: an undefined local variable" -- ruby name.rb
printf 'require "nokogiri_not_installed"\n' > gem.rb
record $E ruby-missing-gem ENV_ERROR - "the script requires a gem that is not installed" -- ruby gem.rb
record $E ruby-missing-file ENV_ERROR - "the script named does not exist" -- ruby scripts/check.rb
printf 'puts "4 records differ"\nexit 2\n' > silent.rb
record $E ruby-exit-silent UNKNOWN - "the script exits 2 saying only what it counted" -- ruby silent.rb

TOOL="RuboCop $(rubocop --version 2>/dev/null | head -1), $RB"
project rb-cop
printf 'def add( a,b )\n  return a+b\nend\n' > calc.rb
printf '# frozen_string_literal: true\n\n# Adds.\ndef add(first, second)\n  first + second\nend\n' > clean.rb
record $E rubocop-offenses LINT_ERROR - "RuboCop finds spacing and style offenses" -- rubocop --no-color calc.rb
record $E rubocop-format-simple LINT_ERROR - "the same, simple format" -- rubocop --no-color --format simple calc.rb
record $E rubocop-clean PASS - "a clean file" -- rubocop --no-color clean.rb
record $E rubocop-missing-config ENV_ERROR - "the configuration file named does not exist" -- rubocop --no-color -c .rubocop-nothere.yml clean.rb
printf 'require:\n  - rubocop-rspec-not-installed\n' > .rubocop.yml
record $E rubocop-missing-plugin ENV_ERROR - "the configuration requires a plugin gem that is not installed" -- rubocop --no-color clean.rb
