// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: region in the callers, stores in a static helper
 * check-description: The static helper put_stat() has no begin of its own; both of its callers open a checked write region covering the structure before calling it, so the helper's stores are proven through its callers.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_stat {
	u32 mode;
	u32 nlink;
	u64 size;
};

struct stat_args {
	struct uc_stat __user *out;
	u32 mode;
	u64 size;
};

static __always_inline int put_stat(struct uc_stat __user *st, u32 mode, u64 size)
{
	unsafe_put_user(mode, &st->mode, efault);
	unsafe_put_user(1, &st->nlink, efault);
	unsafe_put_user(size, &st->size, efault);
	return 0;
efault:
	return -EFAULT;
}

int fill_stat(struct stat_args *args);
int fill_stat(struct stat_args *args)
{
	struct uc_stat __user *st = args->out;
	int err;

	if (!user_write_access_begin(st, sizeof(*st)))
		return -EFAULT;
	err = put_stat(st, args->mode, args->size);
	user_write_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(fill_stat);

int fill_stat_empty(struct uc_stat __user *st);
int fill_stat_empty(struct uc_stat __user *st)
{
	int err;

	if (!user_write_access_begin(st, sizeof(*st)))
		return -EFAULT;
	err = put_stat(st, 0, 0);
	user_write_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(fill_stat_empty);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: region in the callers, stores in a static helper");
