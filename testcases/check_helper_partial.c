// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: helper that does not check on every successful return
 * check-description: check_range() returns 0 without any access_ok() when len is zero, so a zero result does not prove the pointer valid: the call of put_range() that relies on it passes an unvalidated pointer (unchecked, at the call). Its look-alike in distance_check_helper.c checks on every successful return.
 * check-level: 0
 *
 * check-output-start
check_helper_partial.c:52:16: warning: call to 'put_range' passes 'buf' to unsafe_put_user() without validating it on every path [-Wuaccess-unchecked]
check_helper_partial.c:31:9: note: accessed here
check_helper_partial.c:52:16: note: no check of 'buf' (= args->buf) was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

static noinline int check_range(u32 __user *buf, u32 len)
{
	if (!len)
		return 0;
	if (!access_ok(buf, len * sizeof(u32)))
		return -EFAULT;
	return 0;
}

static noinline int put_range(u32 __user *buf, u32 v)
{
	__uaccess_begin();
	unsafe_put_user(v, buf, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

struct uc_range_args {
	u32 __user *buf;
	u32 len;
};

int fill_range(const struct uc_range_args *args, u32 v);
int fill_range(const struct uc_range_args *args, u32 v)
{
	u32 __user *buf = args->buf;
	int ret = check_range(buf, args->len);

	if (ret)
		return ret;
	return put_range(buf, v);
}
EXPORT_SYMBOL_GPL(fill_range);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: helper that does not check on every successful return");
