"""The lesson "The perceptron as gradient descent": four SGD runs on the same points, one per loss (perceptron, hinge,
logistic, squared), stepping together; the losses as curves of the margin score; the numbers of one step."""
