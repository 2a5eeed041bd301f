// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: the _size scopes used correctly
 * check-description: scoped_user_{read,write,rw}_access_size() with a constant size covering every access, and a read scope with a run-time length whose accesses stay in its first bytes; on x86-64 each scope is masked and every access is at bytes 0..4095 of the scope's pointer, so nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_words_args {
	u32 __user *words;
	u8 __user *buf;
	size_t len;
	u32 w[4];
};

int v7_put_words(struct v7_words_args *args);
int v7_put_words(struct v7_words_args *args)
{
	u32 __user *w = args->words;

	scoped_user_write_access_size(w, 4 * sizeof(u32), efault) {
		unsafe_put_user(args->w[0], w, efault);
		unsafe_put_user(args->w[1], w + 1, efault);
		unsafe_put_user(args->w[2], w + 2, efault);
		unsafe_put_user(args->w[3], w + 3, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_words);

int v7_get_words(struct v7_words_args *args);
int v7_get_words(struct v7_words_args *args)
{
	const u32 __user *w = args->words;

	scoped_user_read_access_size(w, 2 * sizeof(u32), efault) {
		unsafe_get_user(args->w[0], w, efault);
		unsafe_get_user(args->w[1], w + 1, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_get_words);

int v7_swap_word(struct v7_words_args *args);
int v7_swap_word(struct v7_words_args *args)
{
	u32 __user *w = args->words;
	u32 old;

	scoped_user_rw_access_size(w, sizeof(u32), efault) {
		unsafe_get_user(old, w, efault);
		unsafe_put_user(args->w[0], w, efault);
	}
	args->w[0] = old;
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_swap_word);

int v7_get_head(struct v7_words_args *args);
int v7_get_head(struct v7_words_args *args)
{
	const u8 __user *b = args->buf;
	u8 first, second;

	if (args->len < 2)
		return -EINVAL;
	scoped_user_read_access_size(b, args->len, efault) {
		unsafe_get_user(first, b, efault);
		unsafe_get_user(second, b + 1, efault);
	}
	return first + second;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_get_head);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: the _size scopes used correctly");
