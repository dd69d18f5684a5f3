"""What every language-model story provider shares: prompts, the plan, the hierarchical writer."""
