def compute(a,b):
    c=a+b # add
    very_long_variable_name_for_testing = compute_something_else(a, b, c, a, b, c, a, b)
    return c
def other():
  return 1
