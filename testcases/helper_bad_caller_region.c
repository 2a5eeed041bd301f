// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: static helper called after the caller closed the region
 * check-description: put_mark() relies on its callers' regions; the first caller calls it inside its region, the second only after user_write_access_end(), so the finding is reported at the second call, pointing at the store in the helper.
 * check-level: 0
 *
 * check-output-start
helper_bad_caller_region.c:53:16: warning: call to 'put_mark' reaches unsafe_put_user() outside an open user-access region [-Wuaccess-region]
helper_bad_caller_region.c:25:9: note: accessed here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct mark_args {
	u32 __user *out;
	u32 mark;
};

static __always_inline int put_mark(u32 __user *umark, u32 mark)
{
	unsafe_put_user(mark, umark, efault);
	return 0;
efault:
	return -EFAULT;
}

int set_mark(struct mark_args *args);
int set_mark(struct mark_args *args)
{
	u32 __user *out = args->out;
	int err;

	if (!user_write_access_begin(out, sizeof(*out)))
		return -EFAULT;
	err = put_mark(out, args->mark);
	user_write_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(set_mark);

int set_mark_late(struct mark_args *args);
int set_mark_late(struct mark_args *args)
{
	u32 __user *out = args->out;

	if (!user_write_access_begin(out, sizeof(*out)))
		return -EFAULT;
	user_write_access_end();
	return put_mark(out, args->mark);
}
EXPORT_SYMBOL_GPL(set_mark_late);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: static helper called after the caller closed the region");
