// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: the kernel's ways of writing a check helper
 * check-description: ok_tern() returns "access_ok(p, n) ? 0 : -EFAULT", ok_single_exit() sets ret on the failure path and returns it once, ok_branches() checks on each branch of an if/else that join, and ok_deeper() calls itself before its own access_ok() and returns the inner call's error: each is a check helper, so their callers are checked (GCC hands the returned value to a PHI whose 0 arrives on access_ok()'s own success edge; the recursive call reads the summary of the round before). ok_after_setup() returns the error of a call before its check on the edge where it tested it negative, so its errors are all negative and "if (ret < 0)" tests it. ok_len() checks the length its caller passes: put_len() passes 8 and is proven, put_len_short() passes 4 and writes past them. ok_skips() returns 0 on a path with no check, so put_skips() is unchecked; ok_branches() checks 4 bytes on one branch, so put_branches_far() writes past them.
 * check-level: 0
 *
 * check-output-start
check_helper_idioms.c:157:16: warning: call to 'put_u64' passes 'p' to unsafe_put_user(), which accesses bytes 0..7 of it, beyond the 4 bytes checked [-Wuaccess-range]
check_helper_idioms.c:103:9: note: accessed here
check_helper_idioms.c:155:13: note: checked here
check_helper_idioms.c:179:16: warning: call to 'put_u64' passes 'p' to unsafe_put_user() without validating it on every path [-Wuaccess-unchecked]
check_helper_idioms.c:103:9: note: accessed here
check_helper_idioms.c:179:16: note: no check of 'p' (= r->out) was found
check_helper_idioms.c:201:16: warning: call to 'put_u64' passes 'p' to unsafe_put_user(), which accesses bytes 0..7 of it, beyond the 4 bytes checked [-Wuaccess-range]
check_helper_idioms.c:103:9: note: accessed here
check_helper_idioms.c:199:13: note: checked here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_req {
	u64 __user *out;
	u64 v;
	int kind;
};

static noinline int ok_tern(u64 __user *p)
{
	return access_ok(p, sizeof(*p)) ? 0 : -EFAULT;
}

static noinline int ok_single_exit(u64 __user *p)
{
	int ret = 0;

	if (!access_ok(p, sizeof(*p)))
		ret = -EFAULT;
	return ret;
}

static noinline int ok_branches(u64 __user *p, int kind)
{
	if (kind) {
		if (!access_ok(p, sizeof(*p)))
			return -EFAULT;
	} else {
		if (!access_ok(p, sizeof(u32)))
			return -EFAULT;
	}
	return 0;
}

static noinline int ok_deeper(u64 __user *p, int n)
{
	if (n > 0) {
		int ret = ok_deeper(p, n - 1);

		if (ret)
			return ret;
	}
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return 0;
}

static noinline int ok_len(void __user *p, size_t n)
{
	if (!access_ok(p, n))
		return -EFAULT;
	return 0;
}

static noinline int prepare(int kind)
{
	return kind > 8 ? -EINVAL : kind;
}

static noinline int ok_after_setup(u64 __user *p, int kind)
{
	int ret = prepare(kind);

	if (ret < 0)
		return ret;
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return 0;
}

static noinline int ok_skips(u64 __user *p, int kind)
{
	if (kind)
		return 0;
	return access_ok(p, sizeof(*p)) ? 0 : -EFAULT;
}

static int put_u64(u64 __user *p, u64 v)
{
	__uaccess_begin();
	unsafe_put_user(v, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

int put_tern(struct uc_req *r);
int put_tern(struct uc_req *r)
{
	u64 __user *p = r->out;

	if (ok_tern(p))
		return -EFAULT;
	return put_u64(p, r->v);
}
EXPORT_SYMBOL_GPL(put_tern);

int put_single_exit(struct uc_req *r);
int put_single_exit(struct uc_req *r)
{
	u64 __user *p = r->out;

	if (ok_single_exit(p))
		return -EFAULT;
	return put_u64(p, r->v);
}
EXPORT_SYMBOL_GPL(put_single_exit);

int put_branches(struct uc_req *r);
int put_branches(struct uc_req *r)
{
	u64 __user *p = r->out;

	if (ok_branches(p, r->kind))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user((u32)r->v, (u32 __user *)p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_branches);

int put_branches_far(struct uc_req *r);
int put_branches_far(struct uc_req *r)
{
	u64 __user *p = r->out;

	if (ok_branches(p, r->kind))
		return -EFAULT;
	return put_u64(p, r->v);
}
EXPORT_SYMBOL_GPL(put_branches_far);

int put_deeper(struct uc_req *r);
int put_deeper(struct uc_req *r)
{
	u64 __user *p = r->out;

	if (ok_deeper(p, r->kind))
		return -EFAULT;
	return put_u64(p, r->v);
}
EXPORT_SYMBOL_GPL(put_deeper);

int put_skips(struct uc_req *r);
int put_skips(struct uc_req *r)
{
	u64 __user *p = r->out;

	if (ok_skips(p, r->kind))
		return -EFAULT;
	return put_u64(p, r->v);
}
EXPORT_SYMBOL_GPL(put_skips);

int put_len(struct uc_req *r);
int put_len(struct uc_req *r)
{
	u64 __user *p = r->out;

	if (ok_len(p, sizeof(*p)))
		return -EFAULT;
	return put_u64(p, r->v);
}
EXPORT_SYMBOL_GPL(put_len);

int put_len_short(struct uc_req *r);
int put_len_short(struct uc_req *r)
{
	u64 __user *p = r->out;

	if (ok_len(p, sizeof(u32)))
		return -EFAULT;
	return put_u64(p, r->v);
}
EXPORT_SYMBOL_GPL(put_len_short);

int put_after_setup(struct uc_req *r);
int put_after_setup(struct uc_req *r)
{
	u64 __user *p = r->out;
	int ret = ok_after_setup(p, r->kind);

	if (ret < 0)
		return ret;
	return put_u64(p, r->v);
}
EXPORT_SYMBOL_GPL(put_after_setup);

MODULE_LICENSE("GPL");
