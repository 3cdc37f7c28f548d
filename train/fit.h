// Fitting the learned evaluation (engine/learned_eval.h) to game results
// by logistic regression: the probability that the side to move wins is
// taken as 1 / (1 + exp(-k * value)), `value` the evaluation in centi-men,
// and the hand-set evaluation's factor and the window values are moved by
// Adam to minimise the mean cross-entropy against the results (a draw
// counts half), with an L2 penalty that keeps rarely seen configurations
// near zero. `k` is fitted first, to the starting weights, and then held.

#ifndef CHECKERS_TRAIN_FIT_H_
#define CHECKERS_TRAIN_FIT_H_

#include <functional>
#include <vector>

#include "engine/learned_eval.h"
#include "train/self_play.h"

namespace checkers::train {

struct FitOptions {
  int epochs = 300;
  // Adam's step for the window values, in centi-men, and for the factor.
  double learning_rate = 0.5;
  double scale_learning_rate = 0.002;
  // The penalty per squared centi-man of every window value, against the
  // summed cross-entropy of the samples.
  double l2 = 0.005;
  // Samples of games whose number is a multiple of this are kept out of
  // the fit and measure it (0: none are).
  int check_every = 10;
  // What the fit aims at for a sample: this share of its game's result
  // and the rest of σ(k · search score), the search's own view of the
  // position (1: the result alone). Losses are always measured against
  // the results.
  double result_weight = 1.0;
};

struct FitResult {
  learned::Weights weights;
  double k = 0;
  int fit_samples = 0;
  int check_samples = 0;
  // Mean cross-entropy before (the starting weights) and after.
  double fit_loss_before = 0;
  double fit_loss_after = 0;
  double check_loss_before = 0;
  double check_loss_after = 0;
};

// The mean cross-entropy of `samples` under `weights` and `k`.
double MeanLoss(const std::vector<Sample>& samples,
                const learned::Weights& weights, double k);

// The k that minimises MeanLoss for `weights`.
double FitK(const std::vector<Sample>& samples,
            const learned::Weights& weights);

// Called after each epoch with its number (from 1) and the fit loss,
// against what the fit aims at (FitOptions::result_weight).
using EpochFn = std::function<void(int epoch, double loss)>;

// Fits from `start`. Deterministic: the same samples and options give the
// same weights.
FitResult Fit(const std::vector<Sample>& samples, const learned::Weights& start,
              const FitOptions& options, const EpochFn& epoch_done = nullptr);

}  // namespace checkers::train

#endif  // CHECKERS_TRAIN_FIT_H_
