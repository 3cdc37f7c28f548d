#include "train/fit.h"

#include <vector>

#include "gtest/gtest.h"

namespace checkers::train {
namespace {

using learned::TableIndex;

// Positions whose hand-set value says something of the result, and whose
// first window's configuration says more: configuration 5 wins more often
// than 7, whatever the hand-set value.
std::vector<Sample> Synthetic() {
  std::vector<Sample> samples;
  for (int i = 0; i < 4000; ++i) {
    Sample s;
    s.game = i / 40;
    s.features.has_men = true;
    s.features.hand = i % 2 == 0 ? 100 : -100;
    const bool five = (i / 2) % 2 == 0;
    s.features.config[0] = five ? 5 : 7;
    const int roll = (i * 7919) % 100;
    const int win_percent = (s.features.hand > 0 ? 60 : 40) + (five ? 25 : -25);
    s.result = roll < win_percent ? 1.0f : 0.0f;
    samples.push_back(s);
  }
  return samples;
}

TEST(FitTest, LearnsWhatAConfigurationSaysOfTheResult) {
  const std::vector<Sample> samples = Synthetic();
  FitOptions options;
  options.epochs = 200;
  const FitResult r = Fit(samples, learned::Weights(), options);
  EXPECT_GT(r.k, 0);
  EXPECT_LT(r.fit_loss_after, r.fit_loss_before - 0.02);
  EXPECT_LT(r.check_loss_after, r.check_loss_before);
  EXPECT_GT(r.weights.table[TableIndex(0, 5, 0)], 20);
  EXPECT_LT(r.weights.table[TableIndex(0, 7, 0)], -20);
  // Unseen configurations and the ending's table stay as they were.
  EXPECT_EQ(r.weights.table[TableIndex(0, 6, 0)], 0);
  EXPECT_EQ(r.weights.table[TableIndex(0, 5, 1)], 0);
  EXPECT_EQ(r.weights.table[TableIndex(1, 1, 0)], 0);
}

TEST(FitTest, HoldsEveryTenthGameOutOfTheFit) {
  const std::vector<Sample> samples = Synthetic();
  FitOptions options;
  options.epochs = 1;
  const FitResult r = Fit(samples, learned::Weights(), options);
  EXPECT_EQ(r.check_samples, 400);
  EXPECT_EQ(r.fit_samples, 3600);
}

TEST(FitTest, TheSameSamplesGiveTheSameWeights) {
  const std::vector<Sample> samples = Synthetic();
  FitOptions options;
  options.epochs = 30;
  const FitResult a = Fit(samples, learned::Weights(), options);
  const FitResult b = Fit(samples, learned::Weights(), options);
  EXPECT_EQ(a.weights.table, b.weights.table);
  EXPECT_EQ(a.weights.hand_scale, b.weights.hand_scale);
}

TEST(FitTest, KGrowsWithHowMuchTheValueSays) {
  std::vector<Sample> sure;
  std::vector<Sample> unsure;
  for (int i = 0; i < 1000; ++i) {
    Sample s;
    s.features.hand = i % 2 == 0 ? 100 : -100;
    const bool ahead = s.features.hand > 0;
    const int roll = (i * 7919) % 100;
    s.result = (roll < 90) == ahead ? 1.0f : 0.0f;
    sure.push_back(s);
    s.result = (roll < 60) == ahead ? 1.0f : 0.0f;
    unsure.push_back(s);
  }
  EXPECT_GT(FitK(sure, learned::Weights()), FitK(unsure, learned::Weights()));
}

}  // namespace
}  // namespace checkers::train
